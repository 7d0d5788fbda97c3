import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { ImageField } from "./MediaPicker";

type ImageFieldProps = Parameters<typeof ImageField>[0];

/**
 * An ImageField bound to a react-hook-form field that holds an image URL: the
 * picker and the URL input write through the form like any other field.
 */
export function FormImageField<F extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<F>; name: FieldPathByValue<F, string> } & Omit<
  ImageFieldProps,
  "name" | "value" | "onChange"
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImageField {...props} name={field.name} value={field.value} onChange={field.onChange} />
      )}
    />
  );
}

/** The hints of the adventure editors' image fields, worded once for both editors. */
export const ALT_TEXT_HINT = "Describe the photo for people who cannot see it";
export const GALLERY_HINT = "One image URL per line";
