import { Breadcrumb } from '@agri/ui';
import { AboutBlock } from '../../features/about-block/about-block';
import '../../styles/content.css';

export default function AboutPage() {
  return (
    <>
      <div className="page-banner">
        <div className="container">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'About Us' }]} />
          <h1>About Us</h1>
          <p>Agri-food training and consultancy from Nairobi, for farmers, processors and exporters across Kenya.</p>
        </div>
      </div>
      <AboutBlock />
    </>
  );
}
