import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClipboardSendForm } from './clipboard-send-form';

function setup(pending = false): {
  user: ReturnType<typeof userEvent.setup>;
  onSend: ReturnType<typeof vi.fn<(text: string) => void>>;
  textbox: HTMLElement;
} {
  const onSend = vi.fn<(text: string) => void>();
  const user = userEvent.setup();
  render(<ClipboardSendForm pending={pending} onSend={onSend} />);
  return { user, onSend, textbox: screen.getByRole('textbox', { name: 'Text to send' }) };
}

describe('ClipboardSendForm', () => {
  it('shows character and UTF-8 byte counts for ASCII text', async () => {
    const { user, textbox } = setup();
    expect(screen.getByText('0 characters · 0 bytes')).toBeDefined();
    await user.type(textbox, 'hello world!');
    expect(screen.getByText('12 characters · 12 bytes')).toBeDefined();
    await user.type(textbox, '{Backspace}');
    expect(screen.getByText('11 characters · 11 bytes')).toBeDefined();
  });

  it('counts emoji by code point, not UTF-16 unit', async () => {
    const { user, textbox } = setup();
    await user.click(textbox);
    await user.paste('👍🏽');
    // two code points (thumbs up + skin tone), four UTF-16 units, eight bytes
    expect(screen.getByText('2 characters · 8 bytes')).toBeDefined();
  });

  it('counts CJK text as three bytes per character', async () => {
    const { user, textbox } = setup();
    await user.click(textbox);
    await user.paste('你好世界');
    expect(screen.getByText('4 characters · 12 bytes')).toBeDefined();
  });

  it('describes the textarea with its size and the shortcut', () => {
    const { textbox } = setup();
    const described = (textbox.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['0 characters · 0 bytes', 'Ctrl+Enter or ⌘+Enter sends']);
  });

  it('sends with the button, Ctrl+Enter and Cmd+Enter, without adding a newline', async () => {
    const { user, onSend, textbox } = setup();
    const send = screen.getByRole('button', { name: 'Send' });
    await user.type(textbox, 'abc');
    await user.click(send);
    await user.type(textbox, '{Control>}{Enter}{/Control}');
    await user.type(textbox, '{Meta>}{Enter}{/Meta}');
    expect(onSend.mock.calls).toEqual([['abc'], ['abc'], ['abc']]);
    expect(textbox).toHaveProperty('value', 'abc');
  });

  it('sends empty text (it clears the clipboard) only once it is asked for again', async () => {
    const { user, onSend, textbox } = setup();
    await user.type(textbox, '{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/empty: sending it clears the session/);
    // Cancel drops the question; typing does too
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(screen.getByRole('button', { name: 'Send empty text' }));
    expect(onSend.mock.calls).toEqual([['']]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('plain Enter types a newline and sends nothing', async () => {
    const { user, onSend, textbox } = setup();
    await user.type(textbox, 'a{Enter}b');
    expect(textbox).toHaveProperty('value', 'a\nb');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses to send while pending and says so on the button', async () => {
    const { user, onSend, textbox } = setup(true);
    const button = screen.getByRole('button', { name: 'Sending…' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(textbox, 'x{Control>}{Enter}{/Control}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('offers clearing the text', async () => {
    const { user, textbox } = setup();
    await user.type(textbox, 'abc');
    await user.click(screen.getByRole('button', { name: 'Clear text' }));
    expect(textbox).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Clear text' })).toBeNull();
  });
});
