// Row shape of the services table.
export interface Service {
  id: string
  title: string
  description: string
  icon: string | null
  featured: boolean
  sort_order: number
  updated_at: string | null
}
