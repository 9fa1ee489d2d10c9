export {};

// A module (the export above), so this declaration is its own and not the global one.
declare const self: ServiceWorkerGlobalScope;

/** What the server's push sender puts in each message (functions/lib/push/send-push.ts). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Only pages of this site open from a notification, whatever a message says. */
function samePagePath(url: unknown): string {
  if (typeof url !== 'string') return '/';
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

// A push from our server: shown as a notification (browsers require one for every push).
self.addEventListener('push', (event) => {
  let message: Partial<PushMessage> = {};
  try {
    message = (event.data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    message = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Festivales', {
      body: message.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'es',
      tag: message.tag,
      data: { url: samePagePath(message.url) },
    }),
  );
});

// A click opens the page the notification is about: in a tab of ours already open if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = samePagePath((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin) as WindowClient | undefined;
      if (tab) {
        await tab.focus();
        await tab.navigate(path);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
