/**
 * A form of a flow: the nodes of the chosen groups, rendered in order, posted as JSON with the
 * pressed button's name and value. One form may hold several methods that share the identifier
 * (a code or a password), so a button checks only its own method's fields and the shared ones:
 * "Email me a code" must not stop at an empty password. Enter sends the form only where `submitOnEnter` is set (main
 * sign-in, passwordless and second-factor forms); it then presses the button of the field's own
 * method, or the form's primary button for shared fields such as the identifier. A field that
 * fails its check (required, type, pattern) says so under itself in the reader's language
 * (field-validation.ts), not in a browser bubble.
 */
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { FlowBase, UiNode, UiNodeGroup } from '../../../shared/identity-flow.js';
import { FlowNode, nodeKeys } from './FlowNode.js';
import { companionGroups, formBody, type Submitter } from './form-body.js';
import { nodesOf, sortNodes } from './node-groups.js';
import { Divider } from './Divider.js';
import { FieldProblemsContext, validationKey, type FieldProblems } from './field-validation.js';
import { completesProviderSignUp } from './validation-skip.js';

export type FlowFormBody = Record<string, unknown>;

export interface FlowFormProps {
  flow: Pick<FlowBase, 'ui'>;
  /** The groups to show, in this order; all groups (in the standard order) when left out. */
  groups?: readonly UiNodeGroup[];
  /** Further narrows the nodes shown and sent. */
  filter?: (node: UiNode) => boolean;
  onSubmit: (body: FlowFormBody) => unknown;
  submitOnEnter?: boolean;
  /** A request is under way: submit buttons show it and cannot be pressed again. */
  busy?: boolean;
  /** A divider ("or") where one method's nodes end and the next one's begin. */
  separateGroups?: boolean;
  /** Content placed right after the node of this name (e.g. "Forgot password?" after `password`). */
  after?: Partial<Record<string, ReactNode>>;
  /** Accessible name of the form. */
  label?: string;
  /** Put the keyboard in the first field when the form appears (a second-factor code). */
  autoFocus?: boolean;
  className?: string;
  children?: ReactNode;
}

function isSubmit(node: UiNode): boolean {
  return node.attributes.node_type === 'input' && node.attributes.type === 'submit';
}

/**
 * The checks of the fields that go with this button (required, type, pattern, length), as the
 * browser knows them, but reported by us: field name → catalogue key. The first field with a
 * problem gets the keyboard.
 */
function fieldProblems(form: HTMLFormElement, group: string | undefined): FieldProblems {
  const groups: string[] = group ? companionGroups(group as UiNodeGroup) : [];
  const problems: Record<string, string> = {};
  let first: HTMLInputElement | undefined;
  for (const field of Array.from(form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])'))) {
    const fieldGroup = field.closest('[data-group]')?.getAttribute('data-group');
    if (group && fieldGroup && !groups.includes(fieldGroup)) continue;
    const key = validationKey(field);
    if (!key || !field.name) continue;
    problems[field.name] = key;
    first ??= field;
  }
  first?.focus();
  return problems;
}

const NO_PROBLEMS: FieldProblems = {};

function isVisible(node: UiNode): boolean {
  const { attributes } = node;
  if (attributes.node_type === 'script') return false;
  return !(attributes.node_type === 'input' && attributes.type === 'hidden');
}

/**
 * The button Enter presses in a shared field, drawn as the main action: the password method's
 * when the form has one, else the first method's (a code's "Continue" before its "Resend code").
 */
function primaryButton(nodes: readonly UiNode[]): UiNode | undefined {
  const submits = nodes.filter((node) => isSubmit(node) && ((node.group !== 'oidc' && node.group !== 'saml') || completesProviderSignUp(node)));
  return submits.find((node) => node.group === 'password') ?? submits[0];
}

export function FlowForm({
  flow,
  groups,
  filter,
  onSubmit,
  submitOnEnter = false,
  busy = false,
  separateGroups = false,
  after,
  label,
  autoFocus = false,
  className,
  children,
}: FlowFormProps) {
  const formId = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblems>(NO_PROBLEMS);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const selected = groups ? nodesOf(flow.ui.nodes, groups) : sortNodes(flow.ui.nodes);
  const nodes = filter ? selected.filter(filter) : selected;
  const primary = primaryButton(nodes);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const native = event.nativeEvent as SubmitEvent;
    const button = (native.submitter as HTMLButtonElement | null) ?? pressed.current;
    pressed.current = null;
    const lenient = button?.formNoValidate === true;
    const found = lenient ? NO_PROBLEMS : fieldProblems(event.currentTarget, button?.dataset.group);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const submitter: Submitter | undefined = button?.name ? { name: button.name, value: button.value } : undefined;
    void onSubmit(formBody(event.currentTarget, nodes, submitter, lenient));
  }

  function rememberPressed(event: { target: EventTarget }) {
    const button = (event.target as Element).closest?.('button[type="submit"]');
    if (button instanceof HTMLButtonElement) pressed.current = button;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter') return;
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLInputElement) || target.type === 'checkbox') return;
    event.preventDefault();
    if (!submitOnEnter || busy) return;
    const form = formRef.current;
    if (!form) return;
    const group = target.closest('[data-group]')?.getAttribute('data-group');
    const ownButton = group && group !== 'default' ? form.querySelector<HTMLButtonElement>(`button[type="submit"][data-group="${group}"]`) : null;
    const button = ownButton ?? form.querySelector<HTMLButtonElement>('button[type="submit"][data-primary="true"]');
    if (!button) return;
    pressed.current = button;
    form.requestSubmit(button);
  }

  // After the service refused a submission, take the user to the first field it complained about.
  const firstError = nodes.find((node) => node.attributes.node_type === 'input' && node.messages.some((message) => message.type === 'error'));
  const errorKey = firstError
    ? `${firstError.group}:${firstError.attributes.node_type === 'input' ? firstError.attributes.name : ''}:${firstError.messages.map((m) => m.id).join()}`
    : '';
  useEffect(() => {
    if (!errorKey) return;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [errorKey, flow]);

  // A field's problem goes once the person changes it.
  function forgetProblem(event: { target: EventTarget }) {
    const name = (event.target as HTMLInputElement).name;
    if (name && problems[name]) setProblems(({ [name]: _gone, ...rest }) => rest);
  }

  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not([disabled])')?.focus();
  }, [autoFocus]);

  let previousGroup: UiNodeGroup | undefined;
  const keys = nodeKeys(nodes);
  return (
    <form
      ref={formRef}
      className={['flow-form', className].filter(Boolean).join(' ')}
      action={flow.ui.action}
      method={flow.ui.method}
      aria-label={label}
      aria-busy={busy || undefined}
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      onClickCapture={rememberPressed}
      onInput={forgetProblem}
      onChange={forgetProblem}
    >
      <FieldProblemsContext.Provider value={problems}>
        {nodes.map((node, index) => {
          const divider = separateGroups && isVisible(node) && node.group !== 'default' && previousGroup !== undefined && previousGroup !== node.group;
          if (isVisible(node) && node.group !== 'default') previousGroup = node.group;
          const name = node.attributes.node_type === 'input' ? node.attributes.name : undefined;
          return (
            <Fragment key={keys[index]}>
              {divider && <Divider />}
              <FlowNode node={node} formId={formId} busy={busy} primary={node === primary} />
              {name && after?.[name]}
            </Fragment>
          );
        })}
      </FieldProblemsContext.Provider>
      {children}
    </form>
  );
}
