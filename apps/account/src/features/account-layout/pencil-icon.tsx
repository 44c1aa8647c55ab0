import { Icon } from '@agri/ui';

/** The edit icon of the profile sections; decorative, the control carries the label. */
export function PencilIcon() {
  return (
    <Icon size={18}>
      <path d="M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
    </Icon>
  );
}
