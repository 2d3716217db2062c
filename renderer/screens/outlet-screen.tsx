import { Outlet } from 'react-router-dom';

/** A route that only groups its children (e.g. /login). */
export function OutletScreen() {
  return <Outlet />;
}
