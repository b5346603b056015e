import { Slot } from "@radix-ui/react-slot";
import { clsx } from "clsx";
import { forwardRef, type ButtonHTMLAttributes } from "react";

/** The focus ring on a light background (each variant names its ring: one colour per button). */
const RING = "focus-visible:outline-blue-600";

const VARIANTS = {
  primary: `bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300 ${RING}`,
  // A disabled button (its own `disabled`, or a disabled fieldset around it) looks disabled.
  secondary: `bg-zinc-100 text-zinc-900 hover:bg-zinc-200 disabled:text-zinc-400 disabled:hover:bg-zinc-100 ${RING}`,
  outline: `border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 disabled:border-zinc-200 disabled:text-zinc-400 disabled:hover:bg-white ${RING}`,
  ghost: `text-zinc-700 hover:bg-zinc-100 disabled:text-zinc-400 disabled:hover:bg-transparent ${RING}`,
  destructive: `bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 ${RING}`,
  /** On a dark (blue) band: white with dark blue text, a white focus ring. */
  inverse: "bg-white text-blue-800 hover:bg-blue-50 focus-visible:outline-white",
  /** The second choice on a dark band: a white outline and white text. */
  inverseOutline: "border border-white/80 text-white hover:bg-blue-800 focus-visible:outline-white",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child (a link) with the button's look. */
  asChild?: boolean;
}

/** The one button: visible focus ring, disabled state, link look-alike with `asChild`. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", asChild, className, type, ...props },
  ref,
) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? "button")}
      className={clsx(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2",
        "disabled:cursor-not-allowed",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
});
