import { AboutBlock } from '../../features/about-block/about-block';
import '../../styles/content.css';
import { PageBanner } from '../../features/page-banner/page-banner';

export default function AboutPage() {
  return (
    <>
      <PageBanner title="About Us" intro="Agri-food training and consultancy from Nairobi, for farmers, processors and exporters across Kenya." />
      <AboutBlock />
    </>
  );
}
