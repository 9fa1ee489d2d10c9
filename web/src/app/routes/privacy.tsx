export function PrivacyRoute() {
  return <h1>Política de Privacidad</h1>;
}
