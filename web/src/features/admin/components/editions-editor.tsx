import { Modal } from '../../../components/ui/modal';
import { EditionsPanel } from '../../../components/editions/editions-panel';
import type { Festival } from '#core/response-schemas';

/** A festival's editions in the admin panel: the shared editor (admin routes, the default) in a dialog. */
export function EditionsEditor({
  festival,
  onClose,
  onChanged,
}: {
  festival: Festival;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Modal title={`Ediciones y cartel: ${festival.name}`} onClose={onClose}>
      <EditionsPanel festival={festival} onChanged={onChanged} />
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </Modal>
  );
}
