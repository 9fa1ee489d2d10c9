export function FavoritesRoute() {
  return <h1>Favoritos</h1>;
}
