/** The viewer's side panel: what to show, filtered how, drawn how. */
import { Label, Radio, RadioGroup, Slider, SliderOutput, SliderThumb, SliderTrack, Text, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import type { RenderMode } from './HeatmapCanvas.js';
import type { TrackLayers } from '../../../shared/heatmap/track-layers.js';
import type { useViewerState } from './viewer-state.js';
import { hasPredicted, LAYER_IDS, PREDICTABLE, VIEW_IDS, type LayerId, type ViewId } from '../../../shared/heatmap/views.js';

type State = ReturnType<typeof useViewerState>;

const MODES: RenderMode[] = ['smooth', 'grid', 'points'];
// Filters recompute from the networks' own grids; SNR, serving and co-channel come processed as a whole.
const FILTERABLE: ReadonlySet<ViewId> = new Set(['primary', 'secondary']);

export function ViewerControls({ state, track, technologyName }: { state: State; track: TrackLayers; technologyName: (id: string) => string }) {
  const { t } = useTranslation();
  const { preferences, prefer, view, setView, layer, setLayer, filter, setFilter } = state;
  const predictable = hasPredicted(track, filter.technology);
  // Why the switch cannot be used, if it cannot.
  const layerNote = !predictable ? t('survey.viewer.layers.unavailable') : !PREDICTABLE.has(view) ? t('survey.viewer.layers.measuredOnly') : null;
  const networks = track.networks.filter((n) => n.technology === filter.technology);
  const bands = [...new Set(networks.map((n) => n.network.band))].sort();
  const channels = [...new Set(networks.filter((n) => !filter.band || n.network.band === filter.band).map((n) => n.network.channel))].sort((a, b) => a - b);
  const technologies = [...track.technologies.keys()];
  return (
    <div className="viewer-controls">
      {technologies.length > 1 && (
        <FilterSelect
          label={t('survey.viewer.technology')}
          value={filter.technology}
          options={technologies.map((id) => ({ value: id, label: technologyName(id) }))}
          onChange={(technology) => setFilter({ technology, band: '', channel: 0, network: null })}
        />
      )}
      <FilterSelect
        label={t('survey.viewer.view')}
        value={view}
        options={VIEW_IDS.map((id) => ({ value: id, label: t(`survey.viewer.views.${id}`) }))}
        onChange={(id) => {
          setView(id);
          if (id === 'network' && filter.network === null && networks[0]) setFilter({ ...filter, network: networks[0].network.index });
        }}
      />
      {view === 'network' && (
        <FilterSelect
          label={t('survey.viewer.network')}
          value={String(filter.network ?? '')}
          options={networks.map((n) => ({
            value: String(n.network.index),
            label: `${n.network.name || t('survey.viewer.hiddenNetwork')} · ${n.network.networkId} · ${t('survey.viewer.channelBand', { channel: n.network.channel, band: n.network.band })}`,
          }))}
          onChange={(index) => setFilter({ ...filter, network: Number(index) })}
        />
      )}
      <RadioGroup
        className="layer-switch"
        orientation="horizontal"
        value={predictable ? layer : 'measured'}
        onChange={(value) => setLayer(value as LayerId)}
        isDisabled={!predictable || !PREDICTABLE.has(view)}
      >
        <Label className="filter-select-label">{t('survey.viewer.layers.label')}</Label>
        <div className="segmented">
          {LAYER_IDS.map((id) => (
            <Radio key={id} value={id} className="segmented-button">
              {t(`survey.viewer.layers.${id}`)}
            </Radio>
          ))}
        </div>
        {layerNote && (
          <Text slot="description" className="field-hint">
            {layerNote}
          </Text>
        )}
      </RadioGroup>
      {FILTERABLE.has(view) && (
        <div className="viewer-filters">
          <FilterSelect
            label={t('survey.viewer.band')}
            value={filter.band}
            options={[{ value: '', label: t('shell.all') }, ...bands.map((b) => ({ value: b, label: b }))]}
            onChange={(band) => setFilter({ ...filter, band, channel: 0 })}
          />
          <FilterSelect
            label={t('survey.viewer.channel')}
            value={String(filter.channel)}
            options={[{ value: '0', label: t('shell.all') }, ...channels.map((c) => ({ value: String(c), label: String(c) }))]}
            onChange={(channel) => setFilter({ ...filter, channel: Number(channel) })}
          />
        </div>
      )}
      <ToggleButtonGroup
        className="segmented"
        aria-label={t('survey.viewer.mode')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[preferences.mode]}
        onSelectionChange={(keys) => prefer({ mode: [...keys][0] as RenderMode })}
      >
        {MODES.map((mode) => (
          <ToggleButton key={mode} id={mode} className="segmented-button">
            {t(`survey.viewer.modes.${mode}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Slider
        className="opacity-slider"
        minValue={0.1}
        maxValue={1}
        step={0.05}
        value={preferences.opacity}
        onChange={(opacity) => prefer({ opacity })}
        formatOptions={{ style: 'percent' }}
      >
        <div className="opacity-slider-head">
          <Label>{t('survey.viewer.opacity')}</Label>
          <SliderOutput />
        </div>
        <SliderTrack className="opacity-slider-track">
          {({ state: slider }) => <SliderThumb className="opacity-slider-thumb" style={{ left: `${slider.getThumbPercent(0) * 100}%` }} />}
        </SliderTrack>
      </Slider>
      <fieldset className="viewer-overlays">
        <legend className="panel-title">{t('survey.viewer.overlays')}</legend>
        <label className="inline-check">
          <input type="checkbox" checked={preferences.showRoute} onChange={(e) => prefer({ showRoute: e.target.checked })} />
          {t('survey.viewer.route')}
        </label>
        <label className="inline-check">
          <input type="checkbox" checked={preferences.showSamples} onChange={(e) => prefer({ showSamples: e.target.checked })} />
          {t('survey.viewer.samples')}
        </label>
        <label className="inline-check">
          <input type="checkbox" checked={preferences.palette === 'viridis'} onChange={(e) => prefer({ palette: e.target.checked ? 'viridis' : 'project' })} />
          {t('survey.viewer.colourBlindSafe')}
        </label>
      </fieldset>
    </div>
  );
}
