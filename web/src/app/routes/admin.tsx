export function AdminRoute() {
  return <h1>Panel Admin</h1>;
}
