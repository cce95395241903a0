/**
 * The project's colour scale for a technology's signal views: each colour applies from its dBm up
 * to the next. A strip previews the scale as the heatmap's legend will show it; colours are picked
 * with the browser's own colour picker, which every platform makes accessible.
 */
import { Button, Input, Label, NumberField } from 'react-aria-components';
import type { ColourStop } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import '../../ui/form/field.css';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#111' : '#fff';
}

const MAX_STOPS = 16;
const MIN_STOPS = 2;

interface Props {
  value: readonly ColourStop[];
  onChange: (value: ColourStop[]) => void;
  error?: string;
  isDisabled: boolean;
}

export function ColourScaleField({ value, onChange, error, isDisabled }: Props) {
  const { t } = useTranslation();
  const ordered = [...value].sort((a, b) => a.dbm - b.dbm);
  const replace = (index: number, stop: ColourStop) => onChange(value.map((s, i) => (i === index ? stop : s)));
  const add = () => {
    const top = ordered.at(-1)!;
    onChange([...value, { dbm: Math.min(30, top.dbm + 5), colour: top.colour }]);
  };
  return (
    <fieldset className="colour-scale" disabled={isDisabled}>
      <legend className="field-label">{t('survey.requirements.colourScale')}</legend>
      <p className="field-hint">{t('survey.requirements.colourScaleHint')}</p>
      <div className="colour-scale-strip" aria-hidden="true">
        {ordered.map((stop) => (
          <span key={`${stop.dbm}-${stop.colour}`} style={{ background: stop.colour, color: textOn(stop.colour) }}>
            {stop.dbm}
          </span>
        ))}
      </div>
      <ul className="colour-scale-stops">
        {value.map((stop, index) => (
          // Stops are edited in place; their position in the list is their identity while editing.
          <li key={index} className="colour-scale-stop">
            <input
              type="color"
              className="colour-input"
              value={stop.colour}
              aria-label={t('survey.requirements.colourOf', { dbm: stop.dbm })}
              onChange={(event) => replace(index, { ...stop, colour: event.target.value })}
            />
            <NumberField
              className="field colour-scale-dbm"
              minValue={-150}
              maxValue={30}
              step={1}
              value={stop.dbm}
              onChange={(dbm) => replace(index, { ...stop, dbm: Number.isNaN(dbm) ? stop.dbm : dbm })}
              isDisabled={isDisabled}
            >
              <Label className="field-label">{t('survey.requirements.fromDbm')}</Label>
              <Input className="input" />
            </NumberField>
            {!isDisabled && value.length > MIN_STOPS && (
              <Button
                className="button button-secondary"
                aria-label={t('survey.requirements.removeColourOf', { dbm: stop.dbm })}
                onPress={() => onChange(value.filter((_, i) => i !== index))}
              >
                {t('survey.requirements.removeColour')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error && <p className="field-error">{error}</p>}
      {!isDisabled && value.length < MAX_STOPS && (
        <Button className="button button-secondary" onPress={add}>
          {t('survey.requirements.addColour')}
        </Button>
      )}
    </fieldset>
  );
}
