export function MapRoute() {
  return <h1>Mapa</h1>;
}
