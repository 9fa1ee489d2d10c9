import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { LockIcon } from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { invalidateFestivals } from '../../../lib/query-keys';
import { useAdminActions } from '../hooks/use-admin-actions';
import { useAdminData, type AdminDataKey } from '../hooks/use-admin-data';
import { ArtistsTab } from './artists-tab';
import { CommentsTab } from './comments-tab';
import { CorrectionsTab } from './corrections-tab';
import { EditionsEditor } from './editions-editor';
import { FestivalForm } from './festival-form';
import { FestivalsTab } from './festivals-tab';
import { ImportsTab } from './imports-tab';
import { MediaForm } from './media-form';
import { MediaTab } from './media-tab';
import { MessagesTab } from './messages-tab';
import { NewsletterTab } from './newsletter-tab';
import { OrganizersTab } from './organizers-tab';
import { ReportsTab } from './reports-tab';
import { TabPanel, Tabs } from './tabs';
import './admin.css';
import './admin-lists.css';
import './admin-forms.css';
import type { AdminMedia, Festival } from '#core/response-schemas';

type MainTab =
  | 'festivals'
  | 'artists'
  | 'organizers'
  | 'corrections'
  | 'imports'
  | 'media'
  | 'comments'
  | 'reports'
  | 'messages'
  | 'newsletter';

/** Which lists each tab shows, to put their load errors where they matter. */
const tabLists: Record<MainTab, AdminDataKey[]> = {
  festivals: ['pendingFestivals', 'festivals', 'users'],
  artists: [],
  organizers: ['festivals', 'users'],
  corrections: [],
  imports: ['festivals'],
  media: ['pendingMedia', 'media'],
  comments: ['pendingComments'],
  reports: ['reports', 'media'],
  messages: ['messages'],
  newsletter: [],
};

interface AdminPageProps {
  /** The shell's sign-in control for signed-out visitors. */
  signIn?: ReactNode;
}

/** /admin: the screen checks the role itself; the server checks it on every call. */
export function AdminPage({ signIn }: AdminPageProps) {
  const { user, isAdmin, checking } = useAuth();
  const [forced, setForced] = useState(false);

  if (checking) {
    return (
      <div className="page">
        <div className="container">
          <p className="admin-checking" role="status">
            <span className="admin-spinner" aria-hidden="true" />
            Verificando permisos de administrador...
          </p>
        </div>
      </div>
    );
  }

  if (!isAdmin && !forced) {
    return (
      <div className="page">
        <div className="container admin-restricted-wrap">
          <section className="card admin-restricted" aria-labelledby="admin-restricted-title">
            <div className="admin-lock" aria-hidden="true">
              <LockIcon size={34} />
            </div>
            <h1 id="admin-restricted-title" className="page-title">
              Acceso Restringido
            </h1>
            <p className="muted">
              {user
                ? `Tu cuenta (${user.name}) no tiene permisos de administrador. Esta sección es solo para el equipo de moderación.`
                : 'Esta sección es solo para administradores. Inicia sesión con una cuenta de administrador para continuar.'}
            </p>
            {!user && signIn && <div className="admin-restricted-signin">{signIn}</div>}
            <button type="button" className="btn btn-ghost" onClick={() => setForced(true)}>
              Forzar acceso como administrador
            </button>
            <p className="muted admin-small">
              El servidor comprueba los permisos en cada acción: sin ellos, el panel no podrá cargar datos.
            </p>
          </section>
        </div>
      </div>
    );
  }

  return <AdminPanel forced={!isAdmin} />;
}

function AdminPanel({ forced }: { forced: boolean }) {
  const { data, errors, loading, refreshing, reload } = useAdminData(true);
  const [tab, setTab] = useState<MainTab>('festivals');
  const [banner, setBanner] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editingFestival, setEditingFestival] = useState<Festival | null | undefined>(undefined);
  const [editingMedia, setEditingMedia] = useState<AdminMedia | null | undefined>(undefined);
  const [editionsOf, setEditionsOf] = useState<Festival | undefined>(undefined);

  const onDone = useCallback(
    (message: string) => {
      setFailure(null);
      setBanner(message);
      reload();
    },
    [reload],
  );
  const onFailed = useCallback((message: string) => {
    setBanner(null);
    setNotice(null);
    setFailure(message);
  }, []);
  const { run, busy, dialog } = useAdminActions(onDone, onFailed);

  const hidden = useMemo(
    () => new Map(data.media.filter((m) => m.hidden_at).map((m) => [m.id, m.file_url])),
    [data.media],
  );
  const unread = data.messages.filter((m) => !m.read).length;
  const tabErrors = [...new Set(tabLists[tab].map((key) => errors[key]).filter((e): e is string => Boolean(e)))];

  const savedForm = useCallback(
    (kind: 'festival' | 'media') => {
      if (kind === 'festival') setEditingFestival(undefined);
      else setEditingMedia(undefined);
      onDone('Acción completada con éxito');
    },
    [onDone],
  );
  const onFestivalSaved = useCallback(() => {
    savedForm('festival');
    // The public catalogue changed too (list, map, calendar).
    invalidateFestivals();
  }, [savedForm]);
  const onMediaSaved = useCallback(() => savedForm('media'), [savedForm]);

  return (
    <div className="page admin-page">
      <div className="container">
        <header className="admin-header">
          <div>
            <h1 className="page-title">
              Panel de <span className="gradient-text">Administración</span>
            </h1>
            <p className="muted">Modera propuestas, fotos, vídeos, comentarios y reportes, y gestiona el catálogo.</p>
          </div>
          <button type="button" className="btn btn-sm btn-ghost" onClick={reload} disabled={refreshing}>
            {refreshing && !loading ? 'Actualizando...' : 'Actualizar datos'}
          </button>
        </header>

        {forced && (
          <div className="admin-alert admin-alert-warning" role="note">
            Acceso forzado: tu cuenta no es de administrador, así que el servidor rechazará las peticiones del panel.
          </div>
        )}

        <div aria-live="polite">
          {banner && (
            <div className="admin-alert admin-alert-success admin-banner" role="status">
              <span>{banner}</span>
              {notice && <span className="admin-notice">{notice}</span>}
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label="Cerrar aviso"
                onClick={() => {
                  setBanner(null);
                  setNotice(null);
                }}
              >
                ×
              </button>
            </div>
          )}
        </div>
        {failure && (
          <div className="admin-alert admin-alert-error admin-banner" role="alert">
            <span>No se pudo completar la acción: {failure}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label="Cerrar error"
              onClick={() => setFailure(null)}
            >
              ×
            </button>
          </div>
        )}

        <Tabs
          id="admin"
          label="Secciones del panel"
          active={tab}
          onChange={setTab}
          items={[
            { key: 'festivals', label: 'Festivales', count: data.pendingFestivals.length },
            { key: 'artists', label: 'Artistas' },
            { key: 'organizers', label: 'Organizadores' },
            { key: 'corrections', label: 'Correcciones' },
            { key: 'imports', label: 'Importar' },
            { key: 'media', label: 'Fotos/Vídeos', count: data.pendingMedia.length },
            { key: 'comments', label: 'Comentarios', count: data.pendingComments.length },
            { key: 'reports', label: 'Reportes', count: data.reports.length },
            { key: 'messages', label: 'Mensajes', count: unread, countLabel: 'sin leer' },
            { key: 'newsletter', label: 'Newsletter' },
          ]}
        />

        <TabPanel id="admin" tab={tab}>
          {tabErrors.length > 0 && (
            <div className="admin-alert admin-alert-error" role="alert">
              {tabErrors.map((e) => (
                <p key={e}>{e}</p>
              ))}
            </div>
          )}
          {loading ? (
            <p className="admin-loading" role="status">
              <span className="admin-spinner" aria-hidden="true" />
              Cargando datos...
            </p>
          ) : tab === 'festivals' ? (
            <FestivalsTab
              pending={data.pendingFestivals}
              all={data.festivals}
              pendingMedia={data.pendingMedia}
              users={data.users}
              run={run}
              busy={busy}
              onEdit={setEditingFestival}
              onEditions={setEditionsOf}
              onNotice={setNotice}
            />
          ) : tab === 'artists' ? (
            <ArtistsTab />
          ) : tab === 'organizers' ? (
            <OrganizersTab festivals={data.festivals} users={data.users} />
          ) : tab === 'corrections' ? (
            <CorrectionsTab />
          ) : tab === 'imports' ? (
            <ImportsTab festivals={data.festivals} onChanged={reload} />
          ) : tab === 'media' ? (
            <MediaTab pending={data.pendingMedia} all={data.media} run={run} busy={busy} onEdit={setEditingMedia} />
          ) : tab === 'comments' ? (
            <CommentsTab comments={data.pendingComments} run={run} busy={busy} />
          ) : tab === 'reports' ? (
            <ReportsTab reports={data.reports} hidden={hidden} run={run} busy={busy} />
          ) : tab === 'newsletter' ? (
            <NewsletterTab run={run} busy={busy} />
          ) : (
            <MessagesTab messages={data.messages} run={run} busy={busy} />
          )}
        </TabPanel>
      </div>

      {editingFestival !== undefined && (
        <FestivalForm
          festival={editingFestival}
          onClose={() => setEditingFestival(undefined)}
          onSaved={onFestivalSaved}
        />
      )}
      {editionsOf && (
        <EditionsEditor
          festival={editionsOf}
          onClose={() => setEditionsOf(undefined)}
          // The festival's dates (its current edition) may have moved: lists, map and calendar too.
          onChanged={() => {
            invalidateFestivals();
            reload();
          }}
        />
      )}
      {editingMedia !== undefined && (
        <MediaForm
          media={editingMedia}
          festivals={data.festivals}
          users={data.users}
          loadErrors={
            errors.festivals && errors.users
              ? ['Error cargando datos del formulario']
              : [
                  errors.festivals ? 'Error cargando festivales' : '',
                  errors.users ? 'Error cargando usuarios' : '',
                ].filter(Boolean)
          }
          onClose={() => setEditingMedia(undefined)}
          onSaved={onMediaSaved}
        />
      )}
      {dialog}
    </div>
  );
}
