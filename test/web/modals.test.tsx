/** Modal, ConfirmModal with typed confirmation, the useConfirm promise and the upload modal. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from '../../web/ui/ConfirmModal.js';
import { ConfirmProvider, useConfirm } from '../../web/ui/ConfirmProvider.js';
import { Modal, type ModalSize } from '../../web/ui/Modal.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

function OpenModal({ size, onClose }: { size?: ModalSize; onClose: () => void }) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title="Edit device" size={size}>
      <p>Body text</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title, with a close button', async () => {
    const onClose = vi.fn();
    render(<OpenModal onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit device' });
    expect(dialog.textContent).toContain('Body text');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    render(<OpenModal onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['L', 'modal-l'],
    ['XL', 'modal-xl'],
    ['2XL', 'modal-2xl'],
    ['4XL', 'modal-4xl'],
    ['full', 'modal-full'],
  ] as const)('size %s', (size, className) => {
    render(<OpenModal size={size} onClose={() => undefined} />);
    expect(document.querySelector(`.modal.${className}`)).not.toBeNull();
    expect(document.querySelector('.modal-body')).not.toBeNull();
  });
});

describe('ConfirmModal', () => {
  it('keeps Confirm disabled until the given word is typed exactly', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmModal isOpen message="Delete the organisation?" typedConfirmation="Acme GmbH" onConfirm={onConfirm} onCancel={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    const input = screen.getByRole('textbox', { name: /Type Acme GmbH to confirm/ });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    await userEvent.type(input, 'Acme Inc');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(
      input
        .getAttribute('aria-describedby')!
        .split(' ')
        .find((id) => document.getElementById(id)?.textContent?.includes('match'))!,
    );
    expect(message?.textContent).toBe('The text you typed doesn’t match.');
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, 'Acme GmbH');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('without a word to type, confirms and cancels straight away', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmModal isOpen message="Remove the invite?" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open and says so when the action fails', async () => {
    render(<ConfirmModal isOpen message="Delete?" onConfirm={() => Promise.reject(new Error('no'))} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
  });
});

describe('useConfirm', () => {
  function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
    const confirm = useConfirm();
    return (
      <button type="button" onClick={async () => onAnswer(await confirm({ message: 'Delete floor 2?', typedConfirmation: 'Floor 2', confirmLabel: 'Delete' }))}>
        Ask
      </button>
    );
  }

  it('answers true on Confirm and false on Cancel or Escape', async () => {
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Asker onAnswer={(answer) => answers.push(answer)} />
      </ConfirmProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    // The dialog's code loads on the first question.
    expect(await screen.findByText('Delete floor 2?')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox'), 'Floor 2');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect((await screen.findByRole<HTMLInputElement>('textbox')).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([true, false]));

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(answers).toEqual([true, false, false]));
  });

  it('needs its provider', () => {
    function Lonely() {
      useConfirm();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Lonely />)).toThrow('useConfirm needs a ConfirmProvider');
  });
});
