import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CalendarIcon, DownloadIcon, Trash2Icon } from 'lucide-react';
import { DELETE_CONFIRMATION } from '#core/alert-schemas';
import { useToast } from '../../../components/toast/toast-provider';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import {
  deleteMyAccount,
  downloadMyData,
  getFollows,
  renewFeedToken,
  unfollowArtist,
  type FollowedArtist,
} from '../api/account';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../api/push';
import { message } from '../error-message';
import { NotificationPreferences } from './notification-preferences';
import './account.css';

/** '/cuenta': profile, notification preferences, push on this device, calendar feed, followed artists, and the user's own data. */
export function AccountPage() {
  const { user, checking } = useAuth();
  if (checking) return null;
  if (!user) return <Navigate to={paths.home()} replace />;
  return (
    <div className="page">
      <div className="container account-page">
        <h1 className="page-title">Mi cuenta</h1>
        <section className="card account-section" aria-labelledby="perfil">
          <h2 id="perfil">Perfil</h2>
          <p>
            <strong>{user.name}</strong>
            <br />
            {user.email}
          </p>
        </section>
        <NotificationPreferences />
        <PushSwitch />
        <CalendarFeed />
        <FollowedArtists />
        <MyData />
      </div>
    </div>
  );
}

function PushSwitch() {
  const toast = useToast();
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported) return;
    currentPushSubscription().then(
      (s) => setOn(Boolean(s)),
      () => setOn(false),
    );
  }, [supported]);
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        setOn(false);
        toast('Avisos push desactivados en este dispositivo.');
      } else {
        await enablePush();
        setOn(true);
        toast('Avisos push activados en este dispositivo.');
      }
    } catch (e) {
      toast(message(e, 'No se pudieron cambiar los avisos push.'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-section" aria-labelledby="push-titulo">
      <h2 id="push-titulo">Avisos push en este dispositivo</h2>
      {!supported ? (
        <p>Este navegador no admite avisos push.</p>
      ) : (
        <label className="account-check">
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(on)}
            disabled={busy || on === null}
            aria-busy={busy}
            onChange={() => void toggle()}
          />
          {on ? 'Activados' : 'Desactivados'}
        </label>
      )}
    </section>
  );
}

function CalendarFeed() {
  const toast = useToast();
  const [feed, setFeed] = useState<{ url: string; webcal: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const renew = async () => {
    setBusy(true);
    try {
      setFeed(await renewFeedToken());
    } catch (e) {
      toast(message(e, 'No se pudo crear el enlace del calendario.'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-section" aria-labelledby="calendario-titulo">
      <h2 id="calendario-titulo">
        <CalendarIcon className="icon" aria-hidden="true" /> Calendario de mis favoritos
      </h2>
      <p className="field-hint">
        Suscríbete desde Google Calendar, Apple Calendar u Outlook. Un enlace nuevo anula el anterior.
      </p>
      {feed ? (
        <p className="account-feed">
          <a href={feed.webcal}>Añadir a mi calendario</a>
          <input
            className="input"
            readOnly
            value={feed.url}
            aria-label="Dirección del calendario"
            onFocus={(e) => e.target.select()}
          />
        </p>
      ) : null}
      <button type="button" className="btn" disabled={busy} onClick={() => void renew()}>
        {feed ? 'Renovar enlace' : 'Obtener enlace del calendario'}
      </button>
    </section>
  );
}

function FollowedArtists() {
  const toast = useToast();
  const [artists, setArtists] = useState<FollowedArtist[] | null>(null);
  useEffect(() => {
    getFollows().then(
      (r) => setArtists(r.artists),
      () => setArtists([]),
    );
  }, []);
  const stop = async (artist: FollowedArtist) => {
    try {
      await unfollowArtist(artist.id);
      setArtists((list) => list?.filter((a) => a.id !== artist.id) ?? null);
    } catch (e) {
      toast(message(e, 'No se pudo dejar de seguir.'), 'error');
    }
  };
  return (
    <section className="card account-section" aria-labelledby="artistas-titulo">
      <h2 id="artistas-titulo">Artistas que sigo</h2>
      {artists === null ? (
        <p>Cargando…</p>
      ) : artists.length === 0 ? (
        <p>
          Aún no sigues a ningún artista. Búscalos en <Link to={paths.artists()}>Artistas</Link> y pulsa
          &lsquo;Seguir&rsquo;.
        </p>
      ) : (
        <ul className="account-artists">
          {artists.map((a) => (
            <li key={a.id}>
              <Link to={paths.artist(a.id, a.slug)}>{a.name}</Link>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => void stop(a)}
                aria-label={`Dejar de seguir a ${a.name}`}
              >
                Dejar de seguir
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyData() {
  const toast = useToast();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const download = async () => {
    try {
      await downloadMyData();
    } catch (e) {
      toast(message(e, 'No se pudieron descargar tus datos.'), 'error');
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const { message: done } = await deleteMyAccount();
      signOut({ silent: true, endedOnServer: true });
      toast(done);
      navigate(paths.home(), { replace: true });
    } catch (e) {
      toast(message(e, 'No se pudo eliminar la cuenta.'), 'error');
      setBusy(false);
    }
  };
  return (
    <section className="card account-section" aria-labelledby="datos-titulo">
      <h2 id="datos-titulo">Tus datos</h2>
      <p>
        Una copia de todo lo que guardamos sobre ti: perfil, favoritos, artistas, alertas, comentarios, votos,
        propuestas, subidas y notificaciones.
      </p>
      <button type="button" className="btn" onClick={() => void download()}>
        <DownloadIcon className="icon" aria-hidden="true" /> Descargar mis datos
      </button>
      <div className="account-danger">
        <h3>Eliminar mi cuenta</h3>
        <p>
          Se borran tus datos personales, favoritos, alertas y subidas, y se cierran tus sesiones. Tus comentarios
          quedan como &laquo;Usuario eliminado&raquo;. No se puede deshacer.
        </p>
        <div className="field">
          <label htmlFor={inputId}>Escribe {DELETE_CONFIRMATION} para confirmar</label>
          <input
            id={inputId}
            className="input"
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy || typed !== DELETE_CONFIRMATION}
          onClick={() => void remove()}
        >
          <Trash2Icon className="icon" aria-hidden="true" /> Eliminar mi cuenta
        </button>
      </div>
    </section>
  );
}
