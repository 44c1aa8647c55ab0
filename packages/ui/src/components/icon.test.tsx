import { render } from '@testing-library/react';
import { Icon } from './icon';

describe('Icon', () => {
  it('is decorative: hidden from screen readers and never a focus stop', () => {
    const { container } = render(<Icon size={18}>{<path d="M8 5v14l11-7z" />}</Icon>);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('width', '18');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
  });

  it('fills its shapes with the text colour, or draws lines of the width asked for', () => {
    const { container } = render(
      <>
        <Icon size={16}>{<path d="M0 0h24" />}</Icon>
        <Icon size={22} stroke={2.5} className="arrow">
          {<path d="M5 12h14" />}
        </Icon>
      </>,
    );
    const [filled, lined] = container.querySelectorAll('svg');
    expect(filled).toHaveAttribute('fill', 'currentColor');
    expect(filled).not.toHaveAttribute('stroke');
    expect(lined).toHaveAttribute('fill', 'none');
    expect(lined).toHaveAttribute('stroke', 'currentColor');
    expect(lined).toHaveAttribute('stroke-width', '2.5');
    expect(lined).toHaveAttribute('class', 'arrow');
  });
});
