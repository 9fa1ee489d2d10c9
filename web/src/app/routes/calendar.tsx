export function CalendarRoute() {
  return <h1>Calendario</h1>;
}
