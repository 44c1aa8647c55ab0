import { useInteractive } from '@agri/ui';
import { useState } from 'react';

/** The business's film about its forums and trainings; the business replaces it with its own upload. */
export const EVENT_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4';

interface EventVideoProps {
  title: string;
  /** Shown until the visitor presses play (where the site reads it, pictureUrl). */
  posterUrl: string | null;
}

/**
 * The embedded video. The player (a third-party frame) loads only when the
 * visitor asks for it, so the page stays fast and works offline.
 */
export function EventVideo({ title, posterUrl }: EventVideoProps) {
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
          {posterUrl ? <img src={posterUrl} alt="" width={800} height={500} /> : null}
          <span className="event-video__play" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="32" height="32">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="visually-hidden">Play the video about {title}</span>
        </button>
      )}
      <figcaption>See what a Mavuno forum day looks like.</figcaption>
    </figure>
  );
}
