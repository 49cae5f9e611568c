// One theme colour: a colour picker and a hex text field kept in step.
import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { validHexColor } from '@/lib/color'
import { hexColorPattern } from '../settings-payload'

interface ColorFieldProps {
  label: string
  value: string
  fallback: string
  onChange: (value: string) => void
}

export function ColorField({ label, value, fallback, onChange }: ColorFieldProps) {
  const id = useId()
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={validHexColor(value, fallback)}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-slate-300 bg-white p-1"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          pattern={hexColorPattern}
          title="A colour as # followed by six hex digits, e.g. #1e293b"
          placeholder={fallback}
          spellCheck={false}
          className="font-mono"
          required
        />
      </div>
    </div>
  )
}
