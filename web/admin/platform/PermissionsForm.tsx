/**
 * The permission service's limits (how deep and how wide a check may read) and strict mode. Its
 * namespaces are counted here only, with a link to the Permissions tab where they are edited.
 */
import { useTranslation } from '../../lib/i18n.js';
import { AppLink } from '../../ui/AppLink.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { NumberField } from '../../ui/form/NumberField.js';
import { flag, PERMISSION_CONFIG, whole, wholeBetween, type ConfigFields } from './config-fields.js';
import { valueAt } from './config-patch.js';
import { ConfigForm } from './ConfigForm.js';
import { PERMISSIONS_PATH } from './platform-path.js';
import type { PlatformProject } from './platform-types.js';

/** The configuration schema's bounds (server/platform/config-schema.ts). */
const DEPTH = { min: 1, max: 100 };
const WIDTH = { min: 1, max: 10_000 };

type Values = {
  maxReadDepth: number;
  maxReadWidth: number;
  strictMode: boolean;
};

const FIELDS: ConfigFields<Values> = {
  maxReadDepth: whole(`${PERMISSION_CONFIG}/limit/max_read_depth`, 5),
  maxReadWidth: whole(`${PERMISSION_CONFIG}/limit/max_read_width`, 100),
  strictMode: flag(`${PERMISSION_CONFIG}/feature_flags/strict_mode`, false),
};

export function PermissionsForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const namespaces = valueAt(project, `${PERMISSION_CONFIG}/namespaces`);
  const count = Array.isArray(namespaces) ? namespaces.length : 0;
  return (
    <ConfigForm
      id="platform-permissions"
      title={t('platformAdmin.permissions.title')}
      text={t('platformAdmin.permissions.text')}
      project={project}
      fields={FIELDS}
      checks={{ maxReadDepth: wholeBetween(t, DEPTH.min, DEPTH.max), maxReadWidth: wholeBetween(t, WIDTH.min, WIDTH.max) }}
      onReload={onReload}
    >
      {({ form }) => (
        <>
          <div className="form-grid">
            <NumberField
              label={t('platformAdmin.permissions.maxReadDepth')}
              description={t('platformAdmin.permissions.maxReadDepthHint')}
              isRequired
              minValue={DEPTH.min}
              maxValue={DEPTH.max}
              {...form.field('maxReadDepth')}
            />
            <NumberField
              label={t('platformAdmin.permissions.maxReadWidth')}
              description={t('platformAdmin.permissions.maxReadWidthHint')}
              isRequired
              minValue={WIDTH.min}
              maxValue={WIDTH.max}
              {...form.field('maxReadWidth')}
            />
          </div>
          <CheckboxField label={t('platformAdmin.permissions.strictMode')} description={t('platformAdmin.permissions.strictModeHint')} {...form.field('strictMode')} />
          <dl className="facts config-facts">
            <dt>{t('platformAdmin.permissions.namespaces')}</dt>
            <dd>
              <AppLink className="link" href={PERMISSIONS_PATH}>
                {t('platformAdmin.permissions.namespaceCount', { count })}
              </AppLink>
            </dd>
          </dl>
        </>
      )}
    </ConfigForm>
  );
}
