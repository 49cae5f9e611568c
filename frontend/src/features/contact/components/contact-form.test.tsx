import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SubmitResult } from '../api/submit-contact-message'
import type { ContactMessageInsert } from '../types'
import { ContactForm } from './contact-form'

function fill(values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Phone' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } })
  }
}

const SERVICES = [{ title: 'Custom Curtains' }, { title: 'Window Blinds' }, { title: 'Re-upholstery' }]

const complete = { 'First Name': ' Ada ', 'Last Name': 'Lovelace', Email: ' ADA@Example.com ', Message: ' Hello ' }

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /Send Message/ }))
}

afterEach(() => vi.useRealTimers())

describe('ContactForm', () => {
  it('has the fields of the spec and the business’s services, then Other, as options', () => {
    render(<ContactForm onSubmit={vi.fn()} services={SERVICES} />)
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Service Needed', 'Message']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy()
    }
    const options = screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])
    expect(options).toEqual([
      ['', 'Select a service'],
      ['Custom Curtains', 'Custom Curtains'],
      ['Window Blinds', 'Window Blinds'],
      ['Re-upholstery', 'Re-upholstery'],
      ['Other', 'Other'],
    ])
  })

  it('shows each validation message in order and sends nothing until the form is valid', () => {
    const onSubmit = vi.fn()
    render(<ContactForm onSubmit={onSubmit} />)
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.')
    fill({ ...complete, Email: 'not-an-email', Message: 'x'.repeat(2001) })
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    fill({ Email: 'ada@example.com' })
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Message is too long. Please keep it under 2000 characters.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('marks every wrong field with its message under it and focuses the first', () => {
    render(<ContactForm onSubmit={vi.fn()} />)
    fill({ 'Last Name': 'Lovelace', Email: 'nope' })
    submit()
    const first = screen.getByLabelText(/^First Name/)
    expect(first.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter your first name.')
    expect(document.activeElement).toBe(first)
    expect(screen.getByLabelText(/^Last Name/).getAttribute('aria-invalid')).toBeNull()
    const email = screen.getByLabelText(/^Email/)
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter a valid email address.')
    expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toEqual([
      'Please enter your first name.',
      'Please enter a valid email address.',
      'Please enter a message.',
    ])
    fill({ 'First Name': 'Ada' })
    expect(screen.getAllByTestId('field-error')).toHaveLength(2)
  })

  it('says how long to wait and gives the phone number after too many messages', async () => {
    render(
      <ContactForm
        onSubmit={() => Promise.resolve({ success: false, rateLimited: true, retryAfterSeconds: 481 })}
        phone="+44 20 7946 0958"
      />,
    )
    fill(complete)
    await act(async () => submit())
    expect(screen.getByRole('alert').textContent).toBe('Too many messages. Try again in 9 minutes. Or call us on +44 20 7946 0958.')
  })

  it("sends the cleaned row, shows 'Sending...' with the button disabled, then the Thank You panel", async () => {
    let resolve!: (result: SubmitResult) => void
    const onSubmit = vi.fn((_row: ContactMessageInsert) => new Promise<SubmitResult>((r) => (resolve = r)))
    render(<ContactForm onSubmit={onSubmit} services={SERVICES} />)
    fill(complete)
    fireEvent.change(screen.getByLabelText(/^Service Needed/), { target: { value: 'Window Blinds' } })
    submit()
    expect(onSubmit).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      service_needed: 'Window Blinds',
      message: 'Hello',
    })
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    await act(async () => resolve({ success: true }))
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeTruthy()
    expect(screen.getByText(/within 24 hours/)).toBeTruthy()
  })

  it("returns to an empty form on 'Send Another Message'", async () => {
    render(<ContactForm onSubmit={() => Promise.resolve({ success: true })} />)
    fill(complete)
    await act(async () => submit())
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }))
    expect(screen.queryByText('Thank You!')).toBeNull()
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/))
  })

  it('hides the Thank You panel after 5 seconds', async () => {
    vi.useFakeTimers()
    render(<ContactForm onSubmit={() => Promise.resolve({ success: true })} />)
    fill(complete)
    await act(async () => submit())
    expect(screen.getByText('Thank You!')).toBeTruthy()
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.getByText('Thank You!')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Thank You!')).toBeNull()
    expect(screen.getByRole('button', { name: /Send Message/ })).toBeTruthy()
  })

  it('shows the generic failure text, keeps what was typed, and never the server text', async () => {
    render(<ContactForm onSubmit={() => Promise.resolve({ success: false, error: 'new row violates row-level security' })} />)
    fill(complete)
    await act(async () => submit())
    expect(screen.getByRole('alert').textContent).toBe('Failed to send message. Please try again later.')
    expect(screen.queryByText(/row-level/)).toBeNull()
    expect((screen.getByLabelText(/^Last Name/) as HTMLInputElement).value).toBe('Lovelace')
    expect((screen.getByRole('button', { name: /Send Message/ }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the rate-limit text when the server says too many messages were sent', async () => {
    render(<ContactForm onSubmit={() => Promise.resolve({ success: false, rateLimited: true, error: 'PT429' })} />)
    fill(complete)
    await act(async () => submit())
    expect(screen.getByRole('alert').textContent).toBe('Too many messages. Please try again later.')
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe(' Ada ')
  })

  it('has a honeypot that people cannot reach: off the tab order, hidden from screen readers and autofill', () => {
    const { container } = render(<ContactForm onSubmit={vi.fn()} />)
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(trap).toBeTruthy()
    expect(trap.tabIndex).toBe(-1)
    expect(trap.getAttribute('autocomplete')).toBe('off')
    const wrapper = trap.closest('[aria-hidden="true"]')!
    expect(wrapper).toBeTruthy()
    expect(wrapper.hasAttribute('inert')).toBe(true)
    // Not among the form's accessible fields.
    const names = screen.getAllByRole('textbox').map((el) => el.getAttribute('name'))
    expect(names).toEqual(['firstName', 'lastName', 'email', 'phone', 'message'])
  })

  it('thanks a bot that filled the honeypot and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve({ success: true }))
    const { container } = render(<ContactForm onSubmit={onSubmit} />)
    fill(complete)
    fireEvent.change(container.querySelector('input[name="website"]')!, { target: { value: 'http://spam.example' } })
    await act(async () => submit())
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeTruthy()
  })

  it('still validates when the honeypot is filled, as it would for a person', () => {
    const onSubmit = vi.fn()
    const { container } = render(<ContactForm onSubmit={onSubmit} />)
    fireEvent.change(container.querySelector('input[name="website"]')!, { target: { value: 'x' } })
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('keeps what was typed across a failed send and a reload, and forgets it once sent', async () => {
    const failing = vi.fn(async (): Promise<SubmitResult> => ({ success: false, offline: true }))
    const first = render(<ContactForm onSubmit={failing} />)
    fill(complete)
    await act(async () => submit())
    expect(screen.getByRole('alert').textContent).toMatch(/Can't reach the server/)
    first.unmount()

    // The page again (a reload): the form comes back as it was left.
    const sending = vi.fn(async (): Promise<SubmitResult> => ({ success: true }))
    const second = render(<ContactForm onSubmit={sending} />)
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe(' Ada ')
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe(' Hello ')
    await act(async () => submit())
    expect(sending).toHaveBeenCalledTimes(1)
    second.unmount()

    render(<ContactForm onSubmit={sending} />)
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('')
  })
})
