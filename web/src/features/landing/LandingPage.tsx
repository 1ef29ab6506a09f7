import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/Button';
import {
  ArrowRightIcon,
  BoxIcon,
  CertificateIcon,
  CheckIcon,
  LogoMark,
  MailIcon,
  ShieldIcon,
  ShipIcon,
  StoreIcon,
} from '../../components/ui/icons';
import { SALES_EMAIL } from '../../lib/config';
import './landing.css';

const FEATURES: { title: string; text: string; icon: ComponentType<{ size?: number }> }[] = [
  {
    title: 'Flag-state certification tracking',
    text: 'Every medical chest certificate across the fleet, with expiry warnings long before a surveyor asks for it.',
    icon: CertificateIcon,
  },
  {
    title: 'Fleet-wide inventory monitoring',
    text: 'See what is on board each vessel, batch by batch, with expiry dates and shortfalls in one place.',
    icon: BoxIcon,
  },
  {
    title: 'Automated reordering',
    text: 'Turn a vessel’s shortfall into a supply order and send it through a supplier-agnostic vendor network.',
    icon: StoreIcon,
  },
  {
    title: 'Medicine chest validation',
    text: 'Check each chest against the international maritime medical scale and the flag state’s own requirements.',
    icon: ShieldIcon,
  },
  {
    title: 'Port state control readiness',
    text: 'Arrive in port with a compliant chest and the paperwork to prove it, and avoid costly detentions.',
    icon: ShipIcon,
  },
];

const STATISTICS = [
  { value: '109K+', label: 'vessels in the world merchant fleet' },
  { value: '1.9M', label: 'seafarers who rely on the medical chest' },
  { value: '$200K', label: 'average cost of a medical evacuation' },
  { value: '3%', label: 'detention rate at port state control' },
];

const PRICING_POINTS = [
  'Certificate, inventory and compliance tracking for every vessel',
  'Multi-year discounts',
  'Cancel anytime',
];

/** A few vessels as the fleet dashboard shows them: the product, on the hero's right. */
const PREVIEW_VESSELS: { name: string; flag: string; status: string; tone: 'success' | 'warning' | 'danger'; detail: string }[] = [
  { name: 'Aegean Star', flag: 'Panama', status: 'Compliant', tone: 'success', detail: '141 items checked' },
  { name: 'Baltic Endeavour', flag: 'Marshall Islands', status: 'Low stock', tone: 'warning', detail: '3 items below scale' },
  { name: 'Coral Voyager', flag: 'Liberia', status: 'Critical', tone: 'danger', detail: 'Adrenaline: 0 of 10' },
  { name: 'Cape Fortitude', flag: 'Liberia', status: 'Compliant', tone: 'success', detail: 'Certificate valid to 2027' },
];

function ProductPreview() {
  return (
    <figure className="hero-preview" aria-label="Example: the fleet's medical chests at a glance">
      <div className="hero-preview__card">
        <div className="hero-preview__head">
          <span className="hero-preview__title">Fleet compliance</span>
          <span className="hero-preview__meta">4 vessels · today</span>
        </div>
        <ul className="hero-preview__list">
          {PREVIEW_VESSELS.map((v) => (
            <li key={v.name} className="hero-preview__row">
              <span>
                <span className="hero-preview__name">{v.name}</span>
                <span className="hero-preview__detail">
                  {v.flag} · {v.detail}
                </span>
              </span>
              <span className={`badge badge--${v.tone}`}>{v.status}</span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="hero-preview__caption">Every chest checked against the WHO scale, every day.</figcaption>
    </figure>
  );
}

/** The public page (spec 000 §1, §2): what MedChest does, why it matters, what it costs. */
export function LandingPage() {
  const salesHref = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('MedChest for our fleet')}`;
  return (
    <div className="landing">
      <header className="landing-header">
        <div className="landing-container landing-header__inner">
          <Link to="/landing" className="brand brand--light" aria-label="MedChest home">
            <LogoMark size={32} />
            <span className="brand__name">MedChest</span>
          </Link>
          <nav className="landing-header__actions" aria-label="Account">
            <a href={salesHref} className="btn btn--ghost-light btn--md">
              <MailIcon size={16} />
              Contact Sales
            </a>
            <ButtonLink to="/login" variant="primary">
              Log In
            </ButtonLink>
          </nav>
        </div>
      </header>

      <main>
        <section className="hero">
          <div className="landing-container hero__inner">
            <p className="hero__eyebrow">Maritime medical compliance</p>
            <h1 className="hero__title">Keep every medical chest in your fleet compliant, supplied and inspection-ready.</h1>
            <p className="hero__lead">
              MedChest tracks flag-state certificates, monitors medical inventory across your vessels and reorders what
              runs short, so your crews are covered and your ships clear port state control.
            </p>
            <div className="hero__actions">
              <ButtonLink to="/login" size="lg">
                Get started
                <ArrowRightIcon size={18} />
              </ButtonLink>
              <a href={salesHref} className="btn btn--ghost-light btn--lg">
                Talk to sales
              </a>
            </div>
          </div>
          <ProductPreview />
        </section>

        <section className="landing-section" aria-labelledby="features-title">
          <div className="landing-container">
            <h2 className="landing-section__title" id="features-title">
              Everything a compliant medical chest needs
            </h2>
            <div className="feature-grid">
              {FEATURES.map(({ title, text, icon: Icon }) => (
                <article key={title} className="feature-card">
                  <span className="feature-card__icon">
                    <Icon size={22} />
                  </span>
                  <h3>{title}</h3>
                  <p>{text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section className="landing-section landing-section--navy" aria-labelledby="stats-title">
          <div className="landing-container">
            <h2 className="landing-section__title" id="stats-title">
              Why it matters
            </h2>
            <dl className="stat-strip">
              {STATISTICS.map(({ value, label }) => (
                <div key={value} className="stat-strip__item">
                  <dt className="stat-strip__value">{value}</dt>
                  <dd className="stat-strip__label">{label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section className="landing-section" aria-labelledby="pricing-title">
          <div className="landing-container pricing">
            <div>
              <h2 className="landing-section__title" id="pricing-title">
                Simple pricing
              </h2>
              <p className="pricing__lead">
                One price per vessel per month. Every vessel gets certificate tracking, inventory monitoring, compliance
                checks against the medical scale and supply reordering.
              </p>
              <p className="muted">Save with a multi-year term, or cancel anytime.</p>
            </div>
            <div className="pricing-card" data-testid="pricing-card">
              <p className="pricing-card__price">
                <span className="pricing-card__amount">$39.99</span>
                <span className="pricing-card__unit">USD per vessel per month</span>
              </p>
              <ul className="pricing-card__points">
                {PRICING_POINTS.map((point) => (
                  <li key={point}>
                    <CheckIcon size={16} />
                    {point}
                  </li>
                ))}
              </ul>
              <ButtonLink to="/login" className="btn--block">
                Start with MedChest
              </ButtonLink>
              <p className="pricing-card__volume">
                Running a large fleet? <a href={salesHref}>Contact sales</a> for volume pricing.
              </p>
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-container landing-footer__inner">
          <span>© {new Date().getFullYear()} MedChest</span>
          <nav aria-label="Footer">
            <Link to="/login">Log In</Link>
            <a href={salesHref}>Contact Sales</a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
