// The back office's buttons: the kit's, in its compact size unless a call asks otherwise.
import { Button as KitButton, LinkButton as KitLinkButton, type ButtonProps } from '../../../components/ui/Button';
import { DialogActions as KitDialogActions } from '../../../components/ui/DialogActions';

export { IconButton, Spinner, type ButtonVariant } from '../../../components/ui/Button';

export const Button = ({ size = 'md', ...rest }: ButtonProps) => <KitButton size={size} {...rest} />;

export const DialogActions = ({ size = 'md', ...rest }: Parameters<typeof KitDialogActions>[0]) => (
  <KitDialogActions size={size} {...rest} />
);

export const LinkButton = ({ size = 'md', ...rest }: Parameters<typeof KitLinkButton>[0]) => <KitLinkButton size={size} {...rest} />;
