import type { Image } from '@agri/api-client';
import { Icon, Picture, useInteractive } from '@agri/ui';
import { useState } from 'react';

/** The business's film about its forums and trainings; the business replaces it with its own upload. */
export const EVENT_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4';

interface EventVideoProps {
  title: string;
  /** Shown until the visitor presses play: the event's first picture. */
  poster: Image | undefined;
}

/**
 * The embedded video. The player (a third-party frame) loads only when the
 * visitor asks for it, so the page stays fast and works offline.
 */
export function EventVideo({ title, poster }: EventVideoProps) {
  const interactive = useInteractive();
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="event-video">
      {playing ? (
        <iframe
          src={`${EVENT_VIDEO_URL}?autoplay=1`}
          title={`Video: ${title}`}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <button type="button" className="event-video__poster" onClick={() => setPlaying(true)} disabled={!interactive}>
          {/* Decorative: the button is named by its text, not by the picture's description. */}
          <Picture image={poster && { ...poster, alt: '' }} alt="" width={800} height={500} sizes="(min-width: 1200px) 780px, (min-width: 768px) 60vw, 100vw" />
          <span className="event-video__play" aria-hidden="true">
            <Icon size={32}>
              <path d="M8 5v14l11-7z" />
            </Icon>
          </span>
          <span className="visually-hidden">Play the video about {title}</span>
        </button>
      )}
      <figcaption>See what a Mavuno forum day looks like.</figcaption>
    </figure>
  );
}
