/**
 * One contact as a card: who they are, and their address and number as links a phone or mail
 * program opens. A number is shown in international form and dialled as the country says; one
 * that no country knows is shown as it was typed.
 */
import { Button } from 'react-aria-components';
import { formatPhoneNumber } from '../../../shared/validation/phone.js';
import type { Contact } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

function phoneLink(phone: string): { text: string; href: string } {
  const formatted = formatPhoneNumber(phone);
  return formatted ? { text: formatted.international, href: formatted.uri } : { text: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` };
}

export function ContactCard({ contact, onEdit, onDelete }: { contact: Contact; onEdit?: () => void; onDelete?: () => void }) {
  const { t } = useTranslation();
  const headingId = `contact-${contact.id}`;
  const about = [contact.role, contact.company].filter(Boolean).join(' · ');
  const phone = contact.phone && phoneLink(contact.phone);
  return (
    <li className="contact-card" aria-labelledby={headingId}>
      <div className="contact-head">
        <h3 id={headingId} className="contact-name">
          {contact.name}
        </h3>
        {about && <p className="contact-about">{about}</p>}
      </div>
      {(contact.email || phone) && (
        <dl className="contact-ways">
          {contact.email && (
            <div>
              <dt>{t('admin.members.email')}</dt>
              <dd>
                <a className="link" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </dd>
            </div>
          )}
          {phone && (
            <div>
              <dt>{t('admin.phoneLabel')}</dt>
              <dd>
                <a className="link" href={phone.href}>
                  {phone.text}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {contact.notes && <p className="contact-notes">{contact.notes}</p>}
      {(onEdit || onDelete) && (
        <div className="contact-actions">
          {onEdit && (
            <Button className="button button-small button-secondary" aria-label={t('survey.contacts.editNamed', { name: contact.name })} onPress={onEdit}>
              {t('survey.contacts.edit')}
            </Button>
          )}
          {onDelete && (
            <Button className="link-button" aria-label={t('survey.contacts.deleteNamed', { name: contact.name })} onPress={onDelete}>
              {t('survey.contacts.delete')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
