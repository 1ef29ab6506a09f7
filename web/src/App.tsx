import { BrowserRouter } from 'react-router-dom';
import { Toaster } from './components/ui/Toaster';
import { AppRoutes } from './router';

/**
 * The fleet app. Server state (react-query) is not provided here: it loads on demand around the
 * routes that read the server (router.tsx), so the landing and login pages paint without it.
 */
export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </>
  );
}
