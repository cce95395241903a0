/** In the import dialog: where each floor of a multi-floor Ekahau project goes, one choice per floor. */
import { useTranslation } from '../../lib/i18n.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { doublyChosen, type EkahauFloor, type ProjectFloorChoice } from './ekahau-floors.js';
import './EkahauFloorMatch.css';

interface Props {
  ekahau: readonly EkahauFloor[];
  floors: readonly ProjectFloorChoice[];
  /** Ekahau floor id → project floor id. */
  match: Record<string, string | null>;
  onChange: (match: Record<string, string | null>) => void;
}

export function EkahauFloorMatch({ ekahau, floors, match, onChange }: Props) {
  const { t } = useTranslation();
  const twice = doublyChosen(match);
  const options = floors.map((floor) => ({ id: floor.id, label: floor.name }));
  return (
    <fieldset className="esx-floor-match">
      <legend>{t('survey.floor.esxMatchTitle')}</legend>
      <p className="panel-text">{t('survey.floor.esxMatchHint', { count: ekahau.length })}</p>
      {ekahau.map((floor) => {
        const chosen = match[floor.id] ?? null;
        return (
          <SelectField
            key={floor.id}
            label={t('survey.floor.esxMatchLabel', { name: floor.name })}
            placeholder={t('survey.floor.esxMatchChoose')}
            options={options}
            value={chosen}
            isRequired
            error={chosen !== null && twice.has(chosen) ? t('survey.floor.esxMatchDuplicate') : undefined}
            onChange={(floorId) => onChange({ ...match, [floor.id]: floorId })}
          />
        );
      })}
    </fieldset>
  );
}
