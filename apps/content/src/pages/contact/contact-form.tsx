import { enquiryRequestSchema, type EnquiryRequest } from '@agri/api-client';
import { Button, FormField, TextField, toast } from '@agri/ui';
import { useSiteForm } from '@agri/ui/forms';
import { useEnquiryStore } from './enquiry-store';

export const ENQUIRY_SUCCESS = 'Contact Form Submitted Successfully';
/** Design section 8: a failed enquiry is an error toast (the spec's success styling was a defect). */
export const ENQUIRY_FAILURE = 'Something Went wrong !';

const emptyEnquiry: EnquiryRequest = { name: '', email: '', mobile: '', comment: '' };

/** The contact form: errors show once a field is touched; cleared after a successful send. */
export function ContactForm() {
  const send = useEnquiryStore((state) => state.run);
  const isLoading = useEnquiryStore((state) => state.isLoading);
  // Sent offline: kept on the phone until the connection returns (the shell sends it, and says so).
  const keptMessage = useEnquiryStore((state) => (state.isKept ? state.message : null));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSiteForm(enquiryRequestSchema, emptyEnquiry);

  const onSubmit = async (values: EnquiryRequest) => {
    await send(values);
    // A stored enquiry may be answered with no body: success is the area's state, not the answer.
    const { isSuccess, isKept, errorStatus, message } = useEnquiryStore.getState();
    if (isSuccess) {
      toast.success(ENQUIRY_SUCCESS);
      reset(emptyEnquiry);
    } else if (isKept) {
      reset(emptyEnquiry);
    } else {
      // A limit says when to try again ('Too many attempts. Please wait a few minutes…'); anything else is the spec's toast.
      toast.error(errorStatus === 429 && message ? message : ENQUIRY_FAILURE);
    }
  };

  return (
    <form className="contact-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send Us a Message</h2>
      <div className="contact-form__row">
        <TextField label="Name" error={errors.name?.message} type="text" autoComplete="name" {...register('name')} />
        <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
      </div>
      <TextField label="Mobile Number" error={errors.mobile?.message} type="tel" autoComplete="tel" {...register('mobile')} />
      <FormField label="Comments" error={errors.comment?.message}>
        {(control) => <textarea className="ui-input" rows={5} {...control} {...register('comment')} />}
      </FormField>
      {keptMessage && (
        <p className="contact-form__kept" role="status">
          {keptMessage}
        </p>
      )}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Submit'}
      </Button>
    </form>
  );
}
