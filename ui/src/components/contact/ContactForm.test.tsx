import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts, Toaster } from '../ui/toast';
import { ContactForm } from './ContactForm';
import { MESSAGES } from './contactForm';
import type { LeadForm } from '../../lib/site';

/** A fetch that answers when the test says so, so the 'Sending...' state can be observed. */
function controlledFetch() {
  const calls: RequestInit[] = [];
  let answer: (response: Response) => void = () => {};
  const fetchImpl = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init ?? {});
    return new Promise<Response>((resolve) => (answer = resolve));
  }) as typeof fetch;
  return { fetchImpl, calls, answer: (response: Response) => act(async () => answer(response)) };
}

/** Stands in for GET /api/contact/token and counts the requests. */
const tokenStub = {
  requests: 0,
  fetch: async () => {
    tokenStub.requests += 1;
    return 'f1.signed-token';
  },
};

beforeEach(() => {
  tokenStub.requests = 0;
  render(<Toaster />);
});

afterEach(() => {
  act(resetToasts);
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: /Send Message|Sending/ }) as HTMLButtonElement;

function fillIn() {
  type('Name', 'Asha Verma');
  type('Email', 'asha@example.in');
  type('Message', 'We are planning a 3BHK in Kondapur.');
}

describe('ContactForm', () => {
  it('is a real form with labelled fields the server understands, and a hidden honeypot', () => {
    render(<ContactForm fetchToken={tokenStub.fetch} />);
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/contact');
    expect(field('Name').name).toBe('name');
    expect(field('Email').type).toBe('email');
    expect(field('Email').name).toBe('email');
    expect(field('Message').name).toBe('message');
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('empty fields give the SPEC toast and send nothing', async () => {
    const { fetchImpl, calls } = controlledFetch();
    render(<ContactForm fetchImpl={fetchImpl} fetchToken={tokenStub.fetch} />);
    type('Name', 'Asha');
    type('Message', '   ');
    fireEvent.submit(submitButton().form!);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.missing);
    expect(calls).toHaveLength(0);
  });

  it('while sending the button reads Sending... and is disabled; success shows the thank-you panel', async () => {
    const { fetchImpl, calls, answer } = controlledFetch();
    render(<ContactForm fetchImpl={fetchImpl} fetchToken={tokenStub.fetch} />);
    fillIn();
    fireEvent.submit(submitButton().form!);
    await waitFor(() => expect(submitButton().textContent).toBe('Sending...'));
    expect(submitButton().disabled).toBe(true);
    // A second submit while sending is ignored.
    fireEvent.submit(submitButton().form!);
    expect(calls).toHaveLength(1);

    await answer(new Response('{}', { status: 201 }));
    const thanks = await screen.findByRole('heading', { name: 'Thank You!' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByText(/24-48 hours on business days/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(MESSAGES.sent);

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(field('Name').value).toBe('');
    expect(field('Message').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
  });

  it('a failure shows the destructive toast and keeps what was typed', async () => {
    const { fetchImpl, answer } = controlledFetch();
    render(<ContactForm fetchImpl={fetchImpl} fetchToken={tokenStub.fetch} />);
    fillIn();
    fireEvent.submit(submitButton().form!);
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    await answer(new Response('', { status: 500 }));

    await waitFor(() => expect(submitButton().textContent).toBe('Send Message'));
    expect(submitButton().disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.failed);
    expect(field('Name').value).toBe('Asha Verma');
    expect(field('Email').value).toBe('asha@example.in');
    expect(field('Message').value).toBe('We are planning a 3BHK in Kondapur.');
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).toBeNull();
  });

  it('asks for the form token when the visitor starts typing, not on load, and sends it along', async () => {
    const { fetchImpl, calls, answer } = controlledFetch();
    render(<ContactForm fetchImpl={fetchImpl} fetchToken={tokenStub.fetch} />);
    expect(tokenStub.requests).toBe(0);
    fillIn();
    expect(tokenStub.requests).toBe(1);
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="formToken"]')!;
    await waitFor(() => expect(hidden.value).toBe('f1.signed-token'));
    fireEvent.submit(submitButton().form!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.body)).formToken).toBe('f1.signed-token');
    expect(tokenStub.requests).toBe(1);
    await answer(new Response('{}', { status: 201 }));
    await screen.findByRole('heading', { name: 'Thank You!' });
  });

  const leadForm: LeadForm = {
    fields: { phone: 'optional', projectType: 'optional', locality: 'hidden', size: 'hidden', budget: 'hidden', timeline: 'hidden', heardFrom: 'hidden' },
    budgets: [],
    timelines: [],
    projectTypes: ['Residential', 'Kitchens & Baths', 'Other'],
  };

  it("starts with the project type a 'Contact Us' link names, and ignores an unknown one", () => {
    const { unmount } = render(<ContactForm fetchToken={tokenStub.fetch} leadForm={leadForm} search="?type=kitchens" />);
    expect((screen.getByLabelText(/Project type/) as HTMLSelectElement).value).toBe('Kitchens & Baths');
    unmount();
    render(<ContactForm fetchToken={tokenStub.fetch} leadForm={leadForm} search="?type=castle" />);
    expect((screen.getByLabelText(/Project type/) as HTMLSelectElement).value).toBe('');
  });

  it('leaves a hidden project type alone', () => {
    const hidden = { ...leadForm, fields: { ...leadForm.fields, projectType: 'hidden' as const } };
    render(<ContactForm fetchToken={tokenStub.fetch} leadForm={hidden} search="?type=kitchens" />);
    expect(screen.queryByLabelText(/Project type/)).toBeNull();
  });
});
