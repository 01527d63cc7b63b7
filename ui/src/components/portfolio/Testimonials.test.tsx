import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Testimonials } from './Testimonials';

const list = [
  { id: 1, quote: 'Calm home.', name: 'Priya', role: 'Homeowner' },
  { id: 2, quote: 'On time.', name: 'Vikram', role: 'Hotelier' },
  { id: 3, quote: 'Customers stay.', name: 'Farah', role: 'Showroom owner' },
];

describe('Testimonials', () => {
  it("steps through the owner's quotes in order with previous and next, wrapping at both ends", () => {
    render(<Testimonials testimonials={list} />);
    const quote = () => screen.getByRole('figure').querySelector('blockquote')!.textContent;
    expect(quote()).toBe('“Calm home.”');
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(quote()).toBe('“On time.”');
    expect(screen.getByText('Vikram')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(quote()).toBe('“Customers stay.”');
  });

  it('is left out when there is none to show', () => {
    const { container } = render(<Testimonials testimonials={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
