import { useId, type ComponentPropsWithRef } from 'react';
import './form-field.css';

/** Shown before every Kenyan phone number field. */
export const PHONE_PREFIX = '+ 254';

type PhoneInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

/**
 * A phone number field shown after the '+ 254' prefix. Spread a FormField's
 * control props on it; the prefix is announced as part of its description.
 */
export function PhoneInput({ className, 'aria-describedby': describedBy, ...rest }: PhoneInputProps) {
  const prefixId = useId();
  return (
    <div className="ui-phone-input">
      <span id={prefixId} className="ui-phone-input__prefix">
        {PHONE_PREFIX}
      </span>
      <input
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className={['ui-input', 'ui-phone-input__number', className].filter(Boolean).join(' ')}
        aria-describedby={[prefixId, describedBy].filter(Boolean).join(' ')}
        {...rest}
      />
    </div>
  );
}
