import { ButtonLink, Dialog, business, Icon, useInteractive } from '@agri/ui';
import { useState } from 'react';
import trainingSession from '../../assets/training-session.svg';
import './about-block.css';

/** The business's introduction film; the business replaces it with its own upload. */
export const ABOUT_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4';

interface AboutBlockProps {
  /** The home page links on to /about; the about page itself does not. */
  showLearnMore?: boolean;
}

/** Who we are, with the introduction video in a modal. */
export function AboutBlock({ showLearnMore = false }: AboutBlockProps) {
  const interactive = useInteractive();
  const [videoOpen, setVideoOpen] = useState(false);
  return (
    <section className="about-block page-section" aria-labelledby="about-block-title">
      <div className="container about-block__grid">
        <div className="about-block__media">
          <img src={trainingSession} alt="A Mavuno trainer taking food processors through the HACCP principles" width={800} height={600} />
          <button
            type="button"
            className="about-block__play"
            onClick={() => setVideoOpen(true)}
            disabled={!interactive}
            aria-label="Play our introduction video"
          >
            <Icon size={28}>
              <path d="M8 5v14l11-7z" />
            </Icon>
          </button>
        </div>
        <div className="about-block__text">
          <p className="ui-eyebrow">About Us</p>
          <h2 id="about-block-title">Helping Kenyan food businesses grow safely and profitably</h2>
          <p>
            {business.name} is a Nairobi-based team of food technologists, certified lead auditors and business advisers. We train and coach farmers,
            processors, exporters and regulators across Kenya and East Africa so that the food they produce is safe, meets the standard their buyers ask for,
            and earns a fair margin.
          </p>
          <p>
            Our work covers ISO 22000 and HACCP certification, food safety systems, product design and development, market access, business modelling, financial
            management and regulatory compliance with KEBS, the Ministry of Health and export markets.
          </p>
          <ul className="about-block__points">
            <li>Courses delivered in our training rooms, online or on your plant floor</li>
            <li>Gap assessments, documentation and audit preparation</li>
            <li>Mentoring that continues after the certificate is on the wall</li>
          </ul>
          <div className="about-block__actions ui-actions">
            {showLearnMore ? (
              <ButtonLink to="/about">
                {/* The words say where the link goes, for screen readers and search engines alike. */}
                Learn More<span className="visually-hidden"> about us</span>
              </ButtonLink>
            ) : null}
            <a className="about-block__phone" href={business.phoneHref}>
              <span className="about-block__phone-label">Call us today</span>
              <span className="about-block__phone-number">{business.phone}</span>
            </a>
          </div>
        </div>
      </div>
      <Dialog
        open={videoOpen}
        onClose={() => setVideoOpen(false)}
        title="Introduction to Mavuno Agri-Food Consultants"
        hideTitle
        size="large"
        closeLabel="Close video"
      >
        <div className="about-block__video">
          <iframe
            src={ABOUT_VIDEO_URL}
            title="Introduction to Mavuno Agri-Food Consultants"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </div>
      </Dialog>
    </section>
  );
}
