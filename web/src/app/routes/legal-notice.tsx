export function LegalNoticeRoute() {
  return <h1>Aviso Legal</h1>;
}
