/** Save and Reset under a form: both wait for a change; Save shows it is busy while saving. */
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import '../button.css';
import './form-actions.css';

export interface FormActionsProps {
  dirty: boolean;
  pending?: boolean;
  onReset: () => void;
  saveLabel?: string;
}

export function FormActions({ dirty, pending = false, onReset, saveLabel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="button" className="button button-secondary" isDisabled={!dirty || pending} onPress={onReset}>
        {t('admin.reset')}
      </Button>
      <Button type="submit" className="button button-primary" isDisabled={!dirty} isPending={pending}>
        {saveLabel ?? t('common.save')}
      </Button>
    </div>
  );
}
