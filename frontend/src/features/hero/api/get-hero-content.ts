// Reads the hero_content row (there is at most one) for the landing page.
import { useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'
import type { HeroContent } from '../types'

export async function getHeroContent(): Promise<HeroContent | null> {
  const { data, error } = await supabase.from('hero_content').select('*').limit(1).maybeSingle()
  if (error) throw error
  return data as HeroContent | null
}

export interface HeroContentState {
  hero: HeroContent | null
  isLoading: boolean
  error: string | null
}

export function useHeroContent(): HeroContentState {
  const [state, setState] = useState<HeroContentState>({ hero: null, isLoading: true, error: null })

  useEffect(() => {
    let active = true
    getHeroContent().then(
      (hero) => {
        if (active) setState({ hero, isLoading: false, error: null })
      },
      (error: unknown) => {
        console.error('Error loading hero content:', error)
        const message = error instanceof Error ? error.message : 'An error occurred'
        if (active) setState({ hero: null, isLoading: false, error: message })
      },
    )
    return () => {
      active = false
    }
  }, [])

  return state
}
