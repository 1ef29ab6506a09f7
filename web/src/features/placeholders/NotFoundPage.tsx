import { ButtonLink } from '../../components/ui/Button';
import { LogoMark } from '../../components/ui/icons';

export function NotFoundPage() {
  return (
    <div className="full-page-center not-found">
      <LogoMark size={48} />
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go to MedChest</ButtonLink>
    </div>
  );
}
