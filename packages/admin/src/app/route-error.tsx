import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { PATHS } from '../lib/paths.ts';

/** HTTP's Not Found: the router's answer to a path it has no route for. */
const HTTP_NOT_FOUND = 404;

/** One error boundary per route: a broken page never takes the back office down. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === HTTP_NOT_FOUND;
  if (!notFound) console.error(error);
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={notFound ? 'Page not found' : 'This page failed'}
      subTitle={notFound ? undefined : 'Reload the page; if it fails again, tell the developers.'}
      extra={
        <Button type="primary" onClick={() => navigate(PATHS.home)}>
          Back to the start
        </Button>
      }
    />
  );
}

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      extra={
        <Button type="primary" onClick={() => navigate(PATHS.home)}>
          Back to the start
        </Button>
      }
    />
  );
}
