import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useInteractive } from '../hooks/use-interactive';
import { Link, type LinkProps } from '../router';

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost';

const classFor = (variant: ButtonVariant, extra?: string) => ['ui-button', `ui-button--${variant}`, extra].filter(Boolean).join(' ');

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  children: ReactNode;
}

/** A button; disabled until the page's code has arrived (see useInteractive). */
export function Button({ variant = 'primary', className, type = 'button', disabled, ...rest }: ButtonProps) {
  const interactive = useInteractive();
  return <button type={type} className={classFor(variant, className)} disabled={disabled || !interactive} {...rest} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A link that looks like a button: navigation stays a link for keyboard and screen readers. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <Link className={classFor(variant, className)} {...rest} />;
}
