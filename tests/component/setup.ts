/** Every component test renders with the public site's own stylesheet, as a page would. */
import "../../app/public.css";
