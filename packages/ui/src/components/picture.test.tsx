import { fireEvent, render } from '@testing-library/react';
import { setupApiForTests } from '@agri/api-client/testing';
import type { Image } from '@agri/api-client';
import { Picture } from './picture';

const API = 'http://api.test/api/';
const file = (name: string) => `http://api.test/static/pictures/files/${name}`;

/** A media-library picture as our API answers it. */
const libraryPicture: Image = {
  url: file('aaaaaaaaaaaaaaaaaaaa-1280.jpg'),
  alt: 'Trainees drying maize on raised racks',
  width: 2560,
  height: 1707,
  placeholder: '#6b7d3c',
  focus: { x: 0.25, y: 0.75 },
  sources: [
    {
      type: 'image/avif',
      files: [
        { url: file('bbbbbbbbbbbbbbbbbbbb-412.avif'), width: 412 },
        { url: file('cccccccccccccccccccc-828.avif'), width: 828 },
      ],
    },
    { type: 'image/webp', files: [{ url: file('dddddddddddddddddddd-412.webp'), width: 412 }] },
  ],
};

beforeEach(() => setupApiForTests({ apiBaseUrl: API, picturesPath: '/static/' }));

describe('a picture', () => {
  it('offers a library picture in AVIF and WebP widths from the site’s own origin, with its colour and subject', () => {
    const { container } = render(<Picture image={libraryPicture} alt="" width={800} height={500} sizes="(min-width: 768px) 50vw, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      [
        'image/avif',
        '/static/pictures/files/bbbbbbbbbbbbbbbbbbbb-412.avif 412w, /static/pictures/files/cccccccccccccccccccc-828.avif 828w',
        '(min-width: 768px) 50vw, 100vw',
      ],
      ['image/webp', '/static/pictures/files/dddddddddddddddddddd-412.webp 412w', '(min-width: 768px) 50vw, 100vw'],
    ]);
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/static/pictures/files/aaaaaaaaaaaaaaaaaaaa-1280.jpg');
    expect(img).toHaveAttribute('alt', 'Trainees drying maize on raised racks');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '500');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect((img as HTMLElement).style.backgroundColor).toBe('rgb(107, 125, 60)');
    expect((img as HTMLElement).style.objectPosition).toBe('25% 75%');
  });

  it('is fetched first, never lazily, when it is the page’s largest', () => {
    const { container } = render(<Picture image={libraryPicture} alt="" width={1200} height={675} sizes="100vw" priority />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows an image from elsewhere as it is, with the alt it is given', () => {
    const { container } = render(<Picture image={{ url: 'https://images.example.org/maize.jpg' }} alt="Maize" width={800} height={500} sizes="100vw" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://images.example.org/maize.jpg');
    expect(container.querySelector('img')).toHaveAttribute('alt', 'Maize');
  });

  it('shows the fallback for no image, a javascript: address, or one that fails to load', () => {
    const none = render(<Picture image={undefined} alt="" width={800} height={500} sizes="100vw" fallback="/fallback.svg" />);
    expect(none.container.querySelector('img')).toHaveAttribute('src', '/fallback.svg');
    const hostile = render(<Picture image={{ url: 'javascript:alert(1)' }} alt="" width={800} height={500} sizes="100vw" fallback="/fallback.svg" />);
    expect(hostile.container.querySelector('img')).toHaveAttribute('src', '/fallback.svg');
    const broken = render(
      <Picture image={{ url: 'https://images.example.org/gone.jpg' }} alt="" width={800} height={500} sizes="100vw" fallback="/fallback.svg" />,
    );
    fireEvent.error(broken.container.querySelector('img')!);
    expect(broken.container.querySelector('img')).toHaveAttribute('src', '/fallback.svg');
    expect(render(<Picture image={undefined} alt="" width={8} height={5} sizes="100vw" />).container).toBeEmptyDOMElement();
  });
});
