/** Why a save was refused, above the form's buttons; announced when it appears. */
import './form-error.css';

export function FormError({ text }: { text: string | null }) {
  return (
    <p className="form-error" role="alert" hidden={!text}>
      {text}
    </p>
  );
}
