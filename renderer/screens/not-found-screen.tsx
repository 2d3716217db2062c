import { Link } from 'react-router-dom';

export function NotFoundScreen() {
  return (
    <div className="grid-container padding-y-4">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist. <Link to="/">Go to the home page</Link>.</p>
    </div>
  );
}
