export function AboutRoute() {
  return <h1>Sobre nosotros</h1>;
}
