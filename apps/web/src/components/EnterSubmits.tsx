/**
 * Put inside a dialog's <Form>: Enter in a single-line field then sends the form, as 确定 does. The dialog's own
 * buttons sit outside the <form> element, so without a submit button of its own the browser never submits it.
 */
export function EnterSubmits() {
  return <button type="submit" hidden aria-hidden tabIndex={-1} />;
}
