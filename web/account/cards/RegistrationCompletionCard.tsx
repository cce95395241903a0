/** After registering with nothing left to confirm: a welcome, and on to where the user was going. */
import { AppLink } from '../../ui/AppLink.js';
import { useTranslation } from '../../lib/i18n.js';
import { appHome } from '../../lib/navigate.js';
import { Card } from '../../ui/Card.js';
import '../../ui/button.css';

export function RegistrationCompletionCard() {
  const { t } = useTranslation();
  const returnTo = new URLSearchParams(window.location.search).get('return_to') ?? undefined;
  return (
    <Card title={t('registrationCompletion.title')}>
      <p>{t('registrationCompletion.body')}</p>
      <div className="card-actions">
        <AppLink className="button button-primary" href={appHome(returnTo)}>
          {t('registrationCompletion.continue')}
        </AppLink>
      </div>
    </Card>
  );
}
