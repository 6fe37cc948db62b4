import type { ReactNode } from 'react';
import './auth-card.css';

/** The frame of the pages shown before the dashboard: sign-in, restaurant and time zone choice. */
export function AuthCard({
  title,
  subtitle,
  extra,
  wide = false,
  workspace = false,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  wide?: boolean;
  /** Wider still, for a page that works in tables and tabs (the agent home). */
  workspace?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="ra-auth">
      <section
        className={['ra-auth__card', wide && 'ra-auth__card--wide', workspace && 'ra-auth__card--workspace']
          .filter(Boolean)
          .join(' ')}
      >
        <header className="ra-auth__header">
          <div>
            <h1 className="ra-auth__title">{title}</h1>
            {subtitle && <p className="ra-auth__subtitle">{subtitle}</p>}
          </div>
          {extra}
        </header>
        {children}
      </section>
    </main>
  );
}
