export function ContactRoute() {
  return <h1>Contacto</h1>;
}
