import { render, screen } from '@testing-library/react';
import { FormField } from './form-field';
import { PhoneInput } from './phone-input';

describe('FormField', () => {
  it('ties the label, hint and error to the control', () => {
    render(
      <FormField label="Email Address" hint="We never share it." error="Email Should be valid">
        {(field) => <input {...field} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Email Address');
    expect(input).toHaveAccessibleDescription('We never share it. Email Should be valid');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
  });

  it('marks optional fields and has no description without hint or error', () => {
    render(
      <FormField label="Additional Number" optional>
        {(field) => <input {...field} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Additional Number (optional)');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toBeRequired();
  });
});

describe('PhoneInput', () => {
  it("shows the '+ 254' prefix and announces it with the field", () => {
    render(
      <FormField label="Phone Number" error="Phone Number is Required">
        {(field) => <PhoneInput {...field} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Phone Number');
    expect(screen.getByText('+ 254')).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel-national');
    expect(input).toHaveAccessibleDescription('+ 254 Phone Number is Required');
  });
});
