/**
 * Import a walk onto this floor. An Ekahau project surveyed on several floors is read in the
 * browser first, so the dialog can ask where each of its floors goes (floors of the same name
 * proposed) before anything is sent; the API stores all of them or none.
 */
import { useEffect, useState } from 'react';
import type { HttpResponse } from '../../lib/http.js';
import { useTranslation } from '../../lib/i18n.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { UploadModal } from '../../ui/UploadModal.js';
import { useProjectFloors } from '../project-overview/queries.js';
import { doublyChosen, proposedMatch, surveyedEkahauFloors, type EkahauFloor } from './ekahau-floors.js';
import { EkahauFloorMatch } from './EkahauFloorMatch.js';
import { TRACK_FILE_TYPES } from './file-types.js';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  projectId: string;
  floorId: string;
  floorplanId: string | undefined;
  onImported: (response: HttpResponse) => void;
}

export function TrackImportModal({ isOpen, onOpenChange, projectId, floorId, floorplanId, onImported }: Props) {
  const { t } = useTranslation();
  const floors = useProjectFloors(projectId);
  const [ekahau, setEkahau] = useState<EkahauFloor[]>([]);
  const [match, setMatch] = useState<Record<string, string | null>>({});
  const several = ekahau.length > 1;

  useEffect(() => {
    if (!isOpen) setEkahau([]);
  }, [isOpen]);

  async function chosen(file: File) {
    setEkahau([]);
    if (!/\.esx$/i.test(file.name)) return;
    const found = (await surveyedEkahauFloors(file)) ?? [];
    setEkahau(found);
    setMatch(proposedMatch(found, floors.data?.items ?? []));
  }

  const complete = Object.values(match).every((floor) => floor !== null) && doublyChosen(match).size === 0;
  const fields: Record<string, string> = {};
  if (floorplanId) fields.floorplanId = floorplanId;
  if (several && complete) fields.floors = JSON.stringify(match);

  return (
    <UploadModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      url={`/api/floors/${encodeURIComponent(floorId)}/tracks?process=true`}
      accept={TRACK_FILE_TYPES}
      title={t('survey.floor.importTrack')}
      fields={fields}
      isReady={!several || complete}
      onFileChosen={(file) => void chosen(file)}
      describeFailure={(error) => apiFailureOf(error).reason}
      onUploaded={onImported}
    >
      <p className="panel-text">{t('survey.floor.importHint')}</p>
      <p className="panel-text">{t('survey.floor.importGeoHint')}</p>
      {several ? (
        <EkahauFloorMatch ekahau={ekahau} floors={floors.data?.items ?? []} match={match} onChange={setMatch} />
      ) : (
        <p className="panel-text">{t('survey.floor.importEsxHint')}</p>
      )}
    </UploadModal>
  );
}
