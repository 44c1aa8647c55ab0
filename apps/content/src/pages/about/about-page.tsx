import { Island } from '@agri/ui/federation';
import { AboutBlock } from '../../features/about-block/about-block';
import '../../styles/content.css';
import { PageBanner } from '../../features/page-banner/page-banner';

export default function AboutPage() {
  return (
    <>
      <PageBanner title="About Us" intro="Agri-food training and consultancy from Nairobi, for farmers, processors and exporters across Kenya." />
      <Island name="content/about-block" component={AboutBlock} props={{}} hydration="interaction" />
    </>
  );
}
