import { business, Icon } from '@agri/ui';
import type { ReactNode } from 'react';

const paths: Record<string, ReactNode> = {
  Facebook: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.7-.6z" />,
  LinkedIn: (
    <path d="M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V21h-4z" />
  ),
  X: <path d="M4 3h4.6l4 5.6L17.4 3H20l-6.2 7.3L21 21h-4.6l-4.4-6.1L6.6 21H4l6.8-7.9z" />,
  YouTube: (
    <path d="M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .4-3.8 31 31 0 0 0-.4-3.8zM10 15V9l5.2 3z" />
  ),
};

/** The business's social profiles, each an icon link named for screen readers. */
export function SocialIcons({ className }: { className?: string }) {
  return (
    <ul className={['social-icons', className].filter(Boolean).join(' ')}>
      {business.social.map((profile) => (
        <li key={profile.label}>
          <a href={profile.href} target="_blank" rel="noopener noreferrer" aria-label={`${business.shortName} on ${profile.label}`}>
            <Icon size={16}>{paths[profile.label]}</Icon>
          </a>
        </li>
      ))}
    </ul>
  );
}
