import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Button } from './button';

test('a prerendered button is disabled until the page is taken over; a rendered one answers at once', () => {
  expect(renderToString(<Button>Book Event</Button>)).toContain('disabled');
  render(<Button>Book Event</Button>);
  expect(screen.getByRole('button', { name: 'Book Event' })).toBeEnabled();
});
